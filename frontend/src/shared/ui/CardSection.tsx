/** A dashboard card: its heading (which names the section) and an optional link beside it. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass, type ButtonVariant } from './Button';

interface CardSectionProps {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: string;
  link?: { to: string; label: string; variant?: ButtonVariant };
  children: ReactNode;
}

export function CardSection({ id, title, link, children }: CardSectionProps) {
  return (
    <section className="card" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        {link && (
          <Link to={link.to} className={buttonClass(link.variant ?? 'ghost', 'sm')}>
            {link.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
