import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index.tsx';

// Libraries that add a <style> element (Radix's scroll lock, through get-nonce) mark it with the
// page's CSP nonce, which the server writes into <meta property="csp-nonce">.
const cspNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (cspNonce) Object.assign(globalThis, { __webpack_nonce__: cspNonce });

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
