// The editor's asset picker as a lazy entry: the blog route loads it only when the insert-image
// dialog first shows it, so the list route's budget (DESIGN §6) stays the list's.
export { AssetImagePicker as default } from './components/asset-image-picker.js';
