import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../ui/Logo.tsx';
import { authText } from './authText.ts';
import './auth.css';

interface AuthCardProps {
  title: string;
  children: ReactNode;
  /** Links under the card, e.g. "Back to login". */
  footer?: ReactNode;
  /** The question and link under the card to the other sign-in screen ("New here? Create account"). */
  elsewhere?: { question: string; to: string; link: string };
}

/** The centered card every public screen (spec §2 "Public routes") is laid out in. */
export function AuthCard({ title, children, footer, elsewhere }: AuthCardProps) {
  return (
    <main className="auth-page">
      <div className="auth-brand">
        <Logo />
        <p className="auth-tagline">{authText.tagline}</p>
      </div>
      {/* No aria-labelledby: it would make the card match label queries for its fields. */}
      <section className="card auth-card">
        <h1>{title}</h1>
        {children}
      </section>
      {footer ? <div className="auth-footer">{footer}</div> : null}
      {elsewhere ? (
        <div className="auth-footer">
          {elsewhere.question} <Link to={elsewhere.to}>{elsewhere.link}</Link>
        </div>
      ) : null}
    </main>
  );
}
