import { navigationCopy } from '../copy/navigation';
import { chooseLanguage, useLanguage } from '../copy/language';

/**
 * The language switcher of every page: it offers the other language, named in that language
 * (lang on its text, so a screen reader speaks it right), and remembers the choice.
 */
export function LanguageSwitcher() {
  const language = useLanguage();
  const other = language === 'cy' ? 'en' : 'cy';
  return (
    <li className="nav-item">
      <button
        type="button"
        className="nav-link"
        lang={other}
        onClick={() => void chooseLanguage(other)}
      >
        {navigationCopy.otherLanguage}
      </button>
    </li>
  );
}
