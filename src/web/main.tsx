/** Entry point: styles, language, the session's 401 handling, then the app. */
import './zod-jitless';
import './styles/public.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setUnauthorizedHandler } from './api/client';
import { App } from './app/App';
import { endSession } from './auth/session';
import { languageReady } from './i18n';

// A 401 from any call outside /auth means the token is no longer valid: back to the login screen, which says why.
setUnauthorizedHandler(endSession);

// Rendered once the remembered language's text is there (at once for Bengali).
void languageReady.then(() =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
