import { AutoLinkNode, LinkNode } from '@lexical/link';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { LinkPlugin as LexicalLinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { mergeRegister } from '@lexical/utils';
import { useEffect } from 'react';
import { isAllowedLinkUrl, isExportableLinkUrl } from '../../utils/url-validation.js';

function $unwrapUnexportableLink(link: LinkNode): void {
  if (isExportableLinkUrl(link.getURL())) return;
  for (const child of link.getChildren()) link.insertBefore(child);
  link.remove();
}

/**
 * Lexical's LinkPlugin accepting http, https and mailto addresses only. Links that arrive another way
 * (pasted HTML, Markdown) with an address the server would strip (tel:, javascript:, //host) become
 * plain text, so the saved HTML matches what the author saw.
 */
export function LinkPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        editor.registerNodeTransform(LinkNode, $unwrapUnexportableLink),
        editor.registerNodeTransform(AutoLinkNode, $unwrapUnexportableLink),
      ),
    [editor],
  );
  return <LexicalLinkPlugin validateUrl={isAllowedLinkUrl} />;
}
