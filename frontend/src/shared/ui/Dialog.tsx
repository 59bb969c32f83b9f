/**
 * Modal dialog on the native <dialog> element: focus trap, Escape and the top layer come from
 * the browser. Labelled by its title (role="dialog" + aria-labelledby).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useUiText } from './text';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Optional description, linked with aria-describedby. */
  description?: string;
}

export function Dialog({ open, title, onClose, children, description }: DialogProps) {
  const t = useUiText();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dialog-header">
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <button type="button" className="dialog-close" aria-label={t('dialog.close')} onClick={onClose}>
          ×
        </button>
      </div>
      {description && (
        <p id={descriptionId} className="dialog-description">
          {description}
        </p>
      )}
      {open && children}
    </dialog>
  );
}
