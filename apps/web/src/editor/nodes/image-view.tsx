import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalNodeSelection } from '@lexical/react/useLexicalNodeSelection';
import { CLICK_COMMAND, COMMAND_PRIORITY_LOW, type NodeKey } from 'lexical';
import { useEffect, useRef } from 'react';

interface ImageViewProps {
  nodeKey: NodeKey;
  src: string;
  altText: string;
  maxWidth: number;
  width: number;
  height: number;
  showCaption: boolean;
  caption: string;
}

/** How an ImageNode looks inside the editor: the same figure it exports, selectable with a click. */
export function ImageView({
  nodeKey,
  src,
  altText,
  maxWidth,
  width,
  height,
  showCaption,
  caption,
}: ImageViewProps) {
  const [editor] = useLexicalComposerContext();
  const [isSelected, setSelected, clearSelection] = useLexicalNodeSelection(nodeKey);
  const figureRef = useRef<HTMLElement>(null);

  // A click selects the whole image (a node selection), so Backspace or Delete removes it.
  useEffect(
    () =>
      editor.registerCommand(
        CLICK_COMMAND,
        (event) => {
          if (!(event.target instanceof Node) || !figureRef.current?.contains(event.target)) return false;
          if (!event.shiftKey) clearSelection();
          setSelected(true);
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
    [editor, clearSelection, setSelected],
  );

  return (
    <figure ref={figureRef} className={`editor-image${isSelected ? ' editor-image--selected' : ''}`}>
      <img
        src={src}
        alt={altText}
        width={width || undefined}
        height={height || undefined}
        // The node's max-width (500px by default), narrowed further by a narrow screen.
        style={{ maxWidth: `min(100%, ${maxWidth}px)` }}
        draggable={false}
      />
      {showCaption && caption !== '' && <figcaption className="editor-image__caption">{caption}</figcaption>}
    </figure>
  );
}
