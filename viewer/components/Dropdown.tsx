import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronIcon } from './icons';

/**
 * A menu button for the top bar (the Concepts menu, the version menu). It
 * opens on hover with a pointer and on click or Enter; a click outside,
 * Escape or picking an entry closes it.
 */
export function Dropdown({ label, ariaLabel, active, children }: { label: ReactNode; ariaLabel?: string; active?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className={`dropdown${open ? ' open' : ''}`} ref={root}>
      <button
        type="button"
        className={active ? 'dropdown-button active' : 'dropdown-button'}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={ariaLabel}
        onClick={() => setOpen(!open)}
      >
        {label}
        <ChevronIcon />
      </button>
      <ul className="dropdown-menu" id={menuId} onClick={() => setOpen(false)}>
        {children}
      </ul>
    </div>
  );
}
