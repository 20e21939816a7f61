import 'bootstrap/dist/css/bootstrap.min.css';
import './themes.css';
import './design.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { followSystemColourScheme } from './state/colourScheme';

followSystemColourScheme();

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
