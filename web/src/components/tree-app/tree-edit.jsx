import { addChild, canDelete, deleteNode, movedNumber, moveChild, siblingPlace, treeSpans } from '../../lib/tree-text.js';

/**
 * Edits to a typed tree's shape from the selected node's panel, all usable
 * from the keyboard (the drawing's drag does the same moves with a pointer).
 * Each button rewrites the text and calls onEdit(nextText, nodeToSelect).
 */
export function TreeEdit({ text, u, onEdit }) {
  const nodes = treeSpans(text);
  if (!nodes || u >= nodes.length) return null;
  const leaf = nodes[u].kids.length === 0;
  const place = siblingPlace(nodes, u);
  const move = (to) => onEdit(moveChild(text, u, to), movedNumber(text, u, to));
  return (
    <div class="tree-edit" role="group" aria-label="Edit the tree" data-testid="tree-edit">
      <button
        type="button"
        data-testid="edit-add"
        title={leaf ? 'Turns this leaf into a node with two leaves: its value and 0' : 'Adds a last child, a leaf worth 0'}
        onClick={() => onEdit(addChild(text, u), u)}
      >
        {leaf ? 'Split into two leaves' : 'Add a child'}
      </button>
      <button
        type="button"
        data-testid="edit-delete"
        disabled={!canDelete(nodes, u)}
        title={u === 0 ? 'The root stays' : canDelete(nodes, u) ? 'Deletes this node and everything under it' : 'The only child of its node stays'}
        onClick={() => onEdit(deleteNode(text, u), nodes[u].parent)}
      >
        Delete {leaf ? 'this leaf' : 'this subtree'}
      </button>
      {place && (
        <>
          <button type="button" data-testid="edit-left" disabled={place.index === 0} onClick={() => move(place.index - 1)}>
            ← Move left
          </button>
          <button type="button" data-testid="edit-right" disabled={place.index === place.count - 1} onClick={() => move(place.index + 1)}>
            Move right →
          </button>
        </>
      )}
      <p class="tree-edit__hint">Drag a node sideways in the drawing to reorder it among its siblings.</p>
    </div>
  );
}
