import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppProviders } from './app/providers';
import { registerServiceWorker } from './pwa/register';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <App />
    </AppProviders>
  </StrictMode>,
);

registerServiceWorker();

// The static login page (index.html) is removed by AuthLayout; should '/' render something else
// (a failed chunk, a redirect), it must not stay over the app.
window.setTimeout(() => document.getElementById('first-paint')?.remove(), 10_000);
