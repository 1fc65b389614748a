import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { installDialogPolyfill } from './dialog-polyfill.js';
import { initTestI18n } from './test-i18n.js';
import { installMatchMedia } from './match-media.js';

initTestI18n();
installDialogPolyfill();

beforeEach(() => {
  installMatchMedia(false);
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
});
