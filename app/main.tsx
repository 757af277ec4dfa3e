import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ready } from './i18n';
import { AppRoutes } from './router';
import './styles.css';

// English paints at once; another language first loads its catalog (a few KB, cached offline like the app).
void ready().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  ),
);
