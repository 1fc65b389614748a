// The editor bar's preview controls (issue 30); the share dialog and the live pane are their own
// lazy chunks, loaded the first time they open.
export { PreviewTools } from './components/preview-tools.js';
