import type { LoadErrorKind } from '../chunk-loader';

export interface LoadErrorProps {
  error: Exclude<LoadErrorKind, 'missing'>;
  title: string;
  timeoutMs: number;
  onRetry?: () => void;
}

/**
 * A page that exists but did not arrive: said plainly, with a way out, never
 * a blank page. `outdated` (a newer deploy's format) offers a reload: trying
 * again would fetch the same file.
 */
export function LoadError({ error, title, timeoutMs, onRetry }: LoadErrorProps) {
  const outdated = error === 'outdated';
  return (
    <div className="content">
      <h1>{title}</h1>
      <div className="load-error" role="alert" data-error={error}>
        <p className="load-error-title">
          {outdated ? 'The documentation has been updated' : error === 'timeout' ? 'This page is taking too long to load' : 'This page could not be loaded'}
        </p>
        <p>
          {outdated
            ? 'Reload to see this page in its new version.'
            : `${error === 'timeout' ? `Its content did not arrive within ${Math.round(timeoutMs / 1000)} seconds.` : 'The server or the network returned an error.'} Check your connection, then try again.`}
        </p>
        <button type="button" className="button" onClick={outdated ? () => location.reload() : onRetry}>
          {outdated ? 'Reload' : 'Try again'}
        </button>
      </div>
    </div>
  );
}
