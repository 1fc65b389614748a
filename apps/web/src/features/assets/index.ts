export { AssetsSection } from './components/assets-section.js';
