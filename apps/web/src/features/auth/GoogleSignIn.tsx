import { useEffect, useRef, useState } from 'react';
import { authText } from './authText.ts';
import { loadGoogleIdentity } from './googleIdentity.ts';

interface GoogleSignInProps {
  clientId: string;
  onCredential: (idToken: string) => void;
  onFailure: () => void;
  busy: boolean;
}

/**
 * Google renders its own button in an iframe once its script loads. Until then, or when the
 * script cannot be reached, our own button stands in; clicking it after a failed load reports
 * the failure and tries loading again.
 */
export function GoogleSignIn({ clientId, onCredential, onFailure, busy }: GoogleSignInProps) {
  const slot = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onCredential, onFailure });
  handlers.current = { onCredential, onFailure };
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on retry
  useEffect(() => {
    let cancelled = false;
    setStatus('loading');
    loadGoogleIdentity().then(
      (google) => {
        if (cancelled || !slot.current) return;
        google.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) handlers.current.onCredential(response.credential);
            else handlers.current.onFailure();
          },
        });
        google.renderButton(slot.current, {
          theme: 'filled_black',
          size: 'large',
          shape: 'pill',
          text: 'signin_with',
          width: slot.current.clientWidth || 320,
        });
        setStatus('ready');
      },
      () => {
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, attempt]);

  const retry = () => {
    handlers.current.onFailure();
    setAttempt((n) => n + 1);
  };

  return (
    <div className="google-signin" data-testid="google-signin">
      <div ref={slot} className="google-slot" hidden={status !== 'ready'} />
      {status !== 'ready' ? (
        <button
          type="button"
          className="btn btn-google"
          disabled={status === 'loading' || busy}
          onClick={retry}
        >
          <GoogleMark />
          {authText.googleSignIn}
        </button>
      ) : null}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg className="google-mark" viewBox="0 0 18 18" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M9 3.48c1.69 0 2.83.73 3.48 1.34l2.54-2.48C13.46.89 11.43 0 9 0 5.48 0 2.44 2.02.96 4.96l2.91 2.26C4.6 5.05 6.62 3.48 9 3.48z"
      />
      <path
        fill="#4285F4"
        d="M17.64 9.2c0-.74-.06-1.28-.19-1.84H9v3.34h4.96c-.1.83-.64 2.08-1.84 2.92l2.84 2.2c1.7-1.57 2.68-3.88 2.68-6.62z"
      />
      <path
        fill="#FBBC05"
        d="M3.88 10.78A5.54 5.54 0 0 1 3.58 9c0-.62.11-1.22.29-1.78L.96 4.96A9.008 9.008 0 0 0 0 9c0 1.45.35 2.82.96 4.04l2.92-2.26z"
      />
      <path
        fill="#34A853"
        d="M9 18c2.43 0 4.47-.8 5.96-2.18l-2.84-2.2c-.76.53-1.78.9-3.12.9-2.38 0-4.4-1.57-5.12-3.74L.97 13.04C2.45 15.98 5.48 18 9 18z"
      />
    </svg>
  );
}
