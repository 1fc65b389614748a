export { useGetTagOptionsQuery } from './api/get-tag-options.js';
