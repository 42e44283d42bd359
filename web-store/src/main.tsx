import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App, { preloadFirstRoute } from './App';
import './styles.css';

preloadFirstRoute();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
