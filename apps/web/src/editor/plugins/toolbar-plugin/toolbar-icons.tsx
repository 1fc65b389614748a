import type { ReactNode } from 'react';
import { Icon as LineIcon } from '../../../components/ui/icons.js';

/** Toolbar icons, drawn like components/ui/icons.tsx at 18 px; decorative, the button carries the name. */
const Icon = ({ children }: { children: ReactNode }) => <LineIcon size={18}>{children}</LineIcon>;

const HEADING_BASE = 'M4 6v12M12 6v12M4 12h8';

export const UndoIcon = () => (
  <Icon>
    <path d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </Icon>
);

export const RedoIcon = () => (
  <Icon>
    <path d="m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
  </Icon>
);

export const Heading1Icon = () => (
  <Icon>
    <path d={`${HEADING_BASE}M17 11l3-2v9`} />
  </Icon>
);

export const Heading2Icon = () => (
  <Icon>
    <path d={`${HEADING_BASE}M16.5 10.5c.6-1 1.6-1.5 2.5-1.5 1.2 0 2 .9 2 2 0 2-4.5 4-4.5 7H21`} />
  </Icon>
);

export const Heading3Icon = () => (
  <Icon>
    <path
      d={`${HEADING_BASE}M16.5 9.5H21l-2.5 3c1.5 0 2.5.9 2.5 2.3 0 1.4-1 2.2-2.3 2.2-.9 0-1.7-.4-2.2-1`}
    />
  </Icon>
);

export const BoldIcon = () => (
  <Icon>
    <path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />
  </Icon>
);

export const ItalicIcon = () => (
  <Icon>
    <path d="M10 5h8M6 19h8M14 5l-4 14" />
  </Icon>
);

export const UnderlineIcon = () => (
  <Icon>
    <path d="M7 4v7a5 5 0 0 0 10 0V4M5 20h14" />
  </Icon>
);

export const StrikethroughIcon = () => (
  <Icon>
    <path d="M16.5 7.5C16 5.8 14.3 5 12 5c-2.8 0-4.5 1.3-4.5 3.2 0 1.2.7 2.2 2.5 2.8M4 12h16M8 16.5c.6 1.7 2.2 2.5 4.2 2.5 2.8 0 4.5-1.3 4.5-3.2 0-.8-.3-1.4-.7-1.8" />
  </Icon>
);

export const InlineCodeIcon = () => (
  <Icon>
    <path d="m8 7-5 5 5 5M16 7l5 5-5 5" />
  </Icon>
);

export const BulletListIcon = () => (
  <Icon>
    <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
  </Icon>
);

export const NumberedListIcon = () => (
  <Icon>
    <path d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M3.5 14.5c.3-.6.9-1 1.5-1 .8 0 1.3.5 1.3 1.2 0 1.2-2.8 2.1-2.8 3.8h3" />
  </Icon>
);

export const QuoteIcon = () => (
  <Icon>
    <path d="M4 5v14M9 7h11M9 12h11M9 17h7" />
  </Icon>
);

export const CodeBlockIcon = () => (
  <Icon>
    <path d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM10 9l-3 3 3 3M14 9l3 3-3 3" />
  </Icon>
);

export const ImageIcon = () => (
  <Icon>
    <path d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM21 15l-5-5L5 21" />
    <circle cx="9" cy="9" r="1.5" />
  </Icon>
);

export const LinkIcon = () => (
  <Icon>
    <path d="M9 15l6-6M11 6.5l1.2-1.2a4 4 0 0 1 5.6 5.6L16.5 12M13 17.5l-1.2 1.2a4 4 0 0 1-5.6-5.6L7.5 12" />
  </Icon>
);

export const TableIcon = () => (
  <Icon>
    <path d="M4 4h16v16H4zM4 9.5h16M4 15h16M10 4v16" />
  </Icon>
);

export const HorizontalRuleIcon = () => (
  <Icon>
    <path d="M3 12h18M8 6.5h8M8 17.5h8" />
  </Icon>
);
