/** Shown only while a navigation is slow: an indeterminate bar along the top edge. */
export function ProgressBar() {
  return (
    <div className="progress" role="progressbar" aria-label="Loading page">
      <div className="progress-bar" />
    </div>
  );
}
