import { SIGN_IN_NOW_PARAM, SIGN_IN_TICKET_PARAM } from '@masthead/contract/constants';
import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { useTranslation } from '../../../lib/use-translation.js';
import { authErrorKey } from '../auth-error.js';
import './login-screen.css';

/** The screen for anyone not signed in: one button that starts the redirect sign-in (spec §1). */
export function LoginScreen() {
  const { t } = useTranslation();
  const auth = useAuth();
  // `?signin=now` (where an accepted invitation or a password reset lands) starts the sign-in
  // without a click, passing on the ticket's binding that lets it through without the password
  // (decision 055); the parameters go first, so coming back here after a failed sign-in shows its
  // error instead.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(SIGN_IN_NOW_PARAM)) return;
    const ticket = url.searchParams.get(SIGN_IN_TICKET_PARAM);
    url.searchParams.delete(SIGN_IN_NOW_PARAM);
    url.searchParams.delete(SIGN_IN_TICKET_PARAM);
    window.history.replaceState(window.history.state, '', url);
    void auth.signinRedirect(ticket ? { extraQueryParams: { [SIGN_IN_TICKET_PARAM]: ticket } } : undefined);
  }, [auth]);
  return (
    <main className="login">
      <section className="login__card" aria-labelledby="login-title">
        <p className="login__brand">{t('login.brand')}</p>
        <h1 id="login-title" className="login__title">
          {t('login.title')}
        </h1>
        <p className="login__subtitle">{t('login.subtitle')}</p>
        {auth.error && (
          <p className="login__error" role="alert">
            {t(authErrorKey(auth.error))}
          </p>
        )}
        <button
          type="button"
          className="button button--primary button--large login__button"
          onClick={() => void auth.signinRedirect()}
          disabled={auth.activeNavigator === 'signinRedirect'}
        >
          {t('login.signIn')}
        </button>
        <p className="login__description">{t('login.description')}</p>
      </section>
    </main>
  );
}
