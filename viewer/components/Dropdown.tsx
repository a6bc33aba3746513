import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronIcon } from './icons';

/**
 * A menu button for the top bar (the Concepts menu, the version menu). It
 * opens on click or Enter (not on hover: its state is always what
 * `aria-expanded` says). A click outside, Escape (focus back on the button),
 * tabbing out of it, or picking an entry closes it.
 */
export function Dropdown({ label, ariaLabel, active, children }: { label: ReactNode; ariaLabel?: string; active?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (root.current?.contains(document.activeElement)) button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div
      className={`dropdown${open ? ' open' : ''}`}
      ref={root}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        ref={button}
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
