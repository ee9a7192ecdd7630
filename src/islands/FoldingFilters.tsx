import { useState, type ReactNode } from 'react';

interface Props {
  /** The folding panel's id (the button's aria-controls). */
  id: string;
  /** The button's words ("Filters") and what follows them: how many filters are applied, when any are. */
  label: ReactNode;
  count?: ReactNode;
  /** The button's look; it is shown below `sm` only. */
  buttonClassName: string;
  /** The panel's layout from `sm` up, where it is always shown (e.g. `sm:grid`, `sm:contents`), with its gaps. */
  panelClassName: string;
  buttonTestId?: string;
  panelTestId?: string;
  children: ReactNode;
}

/**
 * Filters that fold on a phone: below the `sm` width they sit behind one button that says how many are applied, so
 * the first screen shows the list, not its controls; from `sm` up they are always shown (the directory, the inbox).
 */
export default function FoldingFilters({ id, label, count, buttonClassName, panelClassName, buttonTestId, panelTestId, children }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} className={`${buttonClassName} sm:hidden`} data-testid={buttonTestId}>
        {label}
        {count}
        <span aria-hidden="true" className={`ml-auto text-brass-strong transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}>▾</span>
      </button>
      <div id={id} className={`${open ? 'grid' : 'hidden'} ${panelClassName}`} data-testid={panelTestId}>
        {children}
      </div>
    </>
  );
}
