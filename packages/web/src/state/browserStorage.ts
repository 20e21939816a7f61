import { memoryStorage } from './memoryStorage';
import type { KeyValueStorage } from './storage';

/**
 * The browser's sessionStorage or localStorage. Reading them throws when the user has
 * blocked site data; the app then keeps its state in memory for this page instead.
 */
export function browserStorage(kind: 'sessionStorage' | 'localStorage'): KeyValueStorage {
  try {
    const storage = window[kind];
    storage.getItem('hasAccount');
    return storage;
  } catch {
    return memoryStorage();
  }
}
