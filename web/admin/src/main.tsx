import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { labelRowCheckboxes } from './layout/a11y';

const root = document.getElementById('root')!;
labelRowCheckboxes(root);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
