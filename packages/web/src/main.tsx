import 'bootstrap/dist/css/bootstrap.min.css';
import './themes.css';
import './design.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { followSystemColourScheme } from './state/colourScheme';
import { initialLanguage, showLanguage } from './copy/language';

followSystemColourScheme();

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

// The first paint is in the page's language: Welsh waits for its catalogue (one small chunk).
// If its chunk cannot be fetched, the screens start in English.
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
void showLanguage(initialLanguage(document)).then(render, render);
