import { lazy, Suspense, useCallback } from 'react';
import type ReactQuill from 'react-quill-new';
import { Loader } from '../../components/loader';

// Quill and its snow theme are their own chunk: only an educator adding a course ever needs them.
const QuillEditor = lazy(async () => {
  const [quill] = await Promise.all([
    import('react-quill-new'),
    import('react-quill-new/dist/quill.snow.css'),
  ]);
  return quill;
});

type QuillInstance = ReturnType<ReactQuill['getEditor']>;

/**
 * Quill builds its editable area, the heading picker and the link tooltip itself, without accessible
 * names: give them one, so screen readers can use the editor (and axe finds no unnamed controls).
 */
function nameQuillControls(quill: QuillInstance, labelledBy: string): void {
  quill.root.setAttribute('role', 'textbox');
  quill.root.setAttribute('aria-multiline', 'true');
  quill.root.setAttribute('aria-labelledby', labelledBy);
  const toolbar = (quill.getModule('toolbar') as { container?: HTMLElement } | undefined)
    ?.container;
  toolbar?.querySelector('.ql-header .ql-picker-label')?.setAttribute('aria-label', 'Heading');
  toolbar?.querySelectorAll<HTMLElement>('.ql-header .ql-picker-item').forEach((item) => {
    const level = item.dataset.value;
    item.setAttribute('aria-label', level ? `Heading ${level}` : 'Normal');
  });
  quill.container.querySelector('.ql-tooltip input')?.setAttribute('aria-label', 'Link URL');
}

type RichTextEditorProps = {
  /** HTML; '' clears the editor. */
  value: string;
  /** `byUser` is false for Quill's own rewrites (loading a value), true for the educator's edits. */
  onChange: (html: string, byUser: boolean) => void;
  /** Id of the element that names the editor (a label cannot point at a contenteditable). */
  labelledBy: string;
};

/** Quill with the default snow theme, controlled by its HTML value. */
export function RichTextEditor({ value, onChange, labelledBy }: RichTextEditorProps) {
  const describeEditor = useCallback(
    (instance: ReactQuill | null) => {
      if (instance) nameQuillControls(instance.getEditor(), labelledBy);
    },
    [labelledBy],
  );

  return (
    <Suspense fallback={<Loader label="Carregando o editor…" fullHeight={false} />}>
      <QuillEditor
        ref={describeEditor}
        theme="snow"
        value={value}
        onChange={(html, _delta, source) => onChange(html, source === 'user')}
        // Quill's theme sets its own small Helvetica, outside Tailwind's layers (so only `!` beats it);
        // the editor reads like the rest of the form.
        className="bg-white [&_.ql-container]:font-sans! [&_.ql-container]:text-base! [&_.ql-editor]:min-h-40"
      />
    </Suspense>
  );
}
