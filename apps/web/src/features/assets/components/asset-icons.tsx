import { Icon } from '../../../components/ui/icons.js';

export const LinkIcon = () => (
  <Icon size={18}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon size={18}>
    <path d="M20 6 9 17l-5-5" />
  </Icon>
);

export const UploadIcon = () => (
  <Icon size={18}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />
  </Icon>
);

export const ImagePlaceholderIcon = () => (
  <Icon size={48}>
    <path d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 21" />
  </Icon>
);
