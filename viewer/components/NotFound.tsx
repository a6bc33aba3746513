import { NOT_FOUND_TITLE } from '../../shared/head';

/** The not-found page, inside the layout: the sidebar and top bar stay usable. */
export function NotFound({ base, path }: { base: string; path?: string }) {
  return (
    <div className="content not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{NOT_FOUND_TITLE}</h1>
      <p>
        {path ? (
          <>
            There is no page at <code>{`${base}${path.slice(1)}`}</code>.
          </>
        ) : (
          'There is no page at this address.'
        )}{' '}
        It may have moved, or the link that brought you here may be out of date.
      </p>
      <p>
        <a className="button" href={base}>
          Go to the documentation home
        </a>
      </p>
    </div>
  );
}
