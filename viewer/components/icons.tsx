/** Small inline icons: no icon font or image request. `aria-hidden`: the controls carry the labels. */
const svg = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

export const MenuIcon = () => (
  <svg {...svg}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);

export const ChevronIcon = () => (
  <svg {...svg} width={14} height={14} className="chevron">
    <path d="m6 9 6 6 6-6" />
  </svg>
);

export const ExternalIcon = () => (
  <svg {...svg} width={12} height={12} className="external-icon">
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </svg>
);

/** Half sun, half moon: the same icon in both themes, so the server and client render alike. */
export const ThemeIcon = () => (
  <svg {...svg}>
    <circle cx="12" cy="12" r="8" />
    <path d="M12 4a8 8 0 0 1 0 16z" fill="currentColor" />
  </svg>
);

export const SearchIcon = () => (
  <svg {...svg} width={18} height={18} className="search-icon">
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);
