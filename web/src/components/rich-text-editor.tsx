import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState, type FormEvent } from 'react';

/**
 * Rich text in TipTap, limited to what the services keep (kit's `sanitizeRichText`): paragraphs,
 * h3/h4, bold, italic, underline, strike, lists, quotes, code and links. The services sanitize
 * again on save; this only keeps editors from writing what would be dropped.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [3, 4] },
    horizontalRule: false,
    link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
  }),
];

type Mark = 'bold' | 'italic' | 'underline' | 'strike';
const MARKS: { mark: Mark; label: string; text: string }[] = [
  { mark: 'bold', label: 'Bold', text: 'B' },
  { mark: 'italic', label: 'Italic', text: 'I' },
  { mark: 'underline', label: 'Underline', text: 'U' },
  { mark: 'strike', label: 'Strikethrough', text: 'S' },
];

function toggle(editor: Editor, mark: Mark) {
  const chain = editor.chain().focus();
  if (mark === 'bold') chain.toggleBold().run();
  else if (mark === 'italic') chain.toggleItalic().run();
  else if (mark === 'underline') chain.toggleUnderline().run();
  else chain.toggleStrike().run();
}

const toolClass = (on: boolean) =>
  `min-w-8 rounded px-2 py-1 text-sm font-semibold ${on ? 'bg-indigo-600 text-white' : 'text-slate-800 hover:bg-slate-100'}`;

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      heading: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
    }),
  });
  const [linking, setLinking] = useState<string>();
  const linkId = useId();
  const applyLink = (event: FormEvent) => {
    event.preventDefault();
    const href = linking?.trim();
    if (href) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    else editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setLinking(undefined);
  };
  return (
    <div className="border-b border-slate-200 p-1">
      {/* Pressing a tool keeps the focus and selection in the text, so typing goes on at once. */}
      <div
        role="toolbar"
        aria-label={`${label} formatting`}
        className="flex flex-wrap gap-1"
        onMouseDown={(event) => event.preventDefault()}
      >
        {MARKS.map(({ mark, label: name, text }) => (
          <button
            key={mark}
            type="button"
            aria-label={name}
            aria-pressed={state[mark]}
            className={toolClass(state[mark])}
            onClick={() => toggle(editor, mark)}
          >
            {text}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={state.heading}
          className={toolClass(state.heading)}
          onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}
        >
          Heading
        </button>
        <button
          type="button"
          aria-pressed={state.bulletList}
          className={toolClass(state.bulletList)}
          onClick={() => editor.chain().focus().toggleBulletList().run()}
        >
          • List
        </button>
        <button
          type="button"
          aria-pressed={state.orderedList}
          className={toolClass(state.orderedList)}
          onClick={() => editor.chain().focus().toggleOrderedList().run()}
        >
          1. List
        </button>
        <button
          type="button"
          aria-pressed={state.blockquote}
          className={toolClass(state.blockquote)}
          onClick={() => editor.chain().focus().toggleBlockquote().run()}
        >
          Quote
        </button>
        <button
          type="button"
          aria-pressed={state.link}
          className={toolClass(state.link)}
          onClick={() => setLinking(editor.getAttributes('link').href ?? 'https://')}
        >
          Link
        </button>
      </div>
      {linking !== undefined && (
        <form onSubmit={applyLink} className="mt-1 flex flex-wrap items-center gap-2 px-1 pb-1">
          <label htmlFor={linkId} className="text-sm text-slate-800">
            Link address
          </label>
          <input
            id={linkId}
            autoFocus
            value={linking}
            onChange={(event) => setLinking(event.target.value)}
            className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 text-sm"
          />
          <button type="submit" className={toolClass(false)}>
            {linking.trim() ? 'Apply' : 'Remove link'}
          </button>
          <button type="button" className={toolClass(false)} onClick={() => setLinking(undefined)}>
            Cancel
          </button>
        </form>
      )}
    </div>
  );
}

/**
 * A labelled rich-text field. It owns its document once mounted: to load other content (a
 * reload, a restored version), remount it with a new `key`.
 */
export function RichTextEditor({
  label,
  value,
  maxLength,
  onChange,
}: {
  label: string;
  value: string;
  maxLength: number;
  onChange: (html: string) => void;
}) {
  const labelId = useId();
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class:
          'min-h-32 px-3 py-2 text-slate-900 focus:outline-none [&_a]:text-indigo-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_h3]:text-lg [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-1 [&_ul]:list-disc',
      },
    },
  });
  const over = value.length > maxLength;
  return (
    <div>
      <p id={labelId} className="block text-sm font-medium text-slate-800">
        {label}
      </p>
      <div className="mt-1 rounded-md border border-slate-300 bg-white shadow-sm focus-within:border-indigo-600 focus-within:ring-2 focus-within:ring-indigo-600/30">
        {editor && <Toolbar editor={editor} label={label} />}
        <EditorContent editor={editor} />
      </div>
      <p className={`mt-1 text-xs ${over ? 'text-red-700' : 'text-slate-600'}`}>
        {value.length.toLocaleString('en')} of {maxLength.toLocaleString('en')} characters of markup
        {over ? ': shorten it to save' : ''}
      </p>
    </div>
  );
}
