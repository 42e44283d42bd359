interface PagerProps {
  /** The list's own position text, e.g. 'Page 2 of 3 (25 total orders)'. */
  text: string;
  page: number;
  pages: number;
  onPageChange(page: number): void;
}

/** Previous and Next under a paged list. */
export function Pager({ text, page, pages, onPageChange }: PagerProps) {
  return (
    <nav className="pager" aria-label="Pagination">
      <p>{text}</p>
      <div className="page-actions">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
