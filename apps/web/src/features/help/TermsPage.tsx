import { Link } from 'react-router';
import { useHasChrome } from '../../app/chrome.ts';
import { termsText } from './termsText.ts';
import './help.css';

/** The Terms of Service the sign-up checkbox links to: for everyone, like the help page. */
export function TermsPage() {
  const chrome = useHasChrome();
  return (
    <div className={chrome ? 'help-page' : 'help-page help-page-bare'}>
      <header className="help-header">
        <h1>{termsText.title}</h1>
        <p>{termsText.placeholderNotice}</p>
        {!chrome && <Link to="/register">{termsText.backToSignUp}</Link>}
      </header>
      {termsText.sections.map(([heading, body]) => (
        <section key={heading}>
          <h2>{heading}</h2>
          <p>{body}</p>
        </section>
      ))}
    </div>
  );
}
