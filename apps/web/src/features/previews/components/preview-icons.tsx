import { Icon } from '../../../components/ui/icons.js';

/** An eye: Preview. */
export const PreviewIcon = () => (
  <Icon size={18}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);

/** A window split in two: the live preview beside the form. */
export const LivePreviewIcon = () => (
  <Icon size={18}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M13 4v16" />
  </Icon>
);

/** Three linked dots: Share preview. */
export const ShareIcon = () => (
  <Icon size={18}>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </Icon>
);
