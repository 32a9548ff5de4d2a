import { render, screen, waitFor } from '@testing-library/react';
import { Quill } from 'react-quill-new';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './rich-text-editor';

function renderEditor(value: string, onChange = vi.fn()) {
  return render(
    <>
      <span id="descricao">Course Description</span>
      <RichTextEditor value={value} onChange={onChange} labelledBy="descricao" />
    </>,
  );
}

// The first test waits for Quill's chunk to be imported, which takes seconds on a cold, busy machine.
function findEditor() {
  return screen.findByRole('textbox', { name: 'Course Description' }, { timeout: 10_000 });
}

describe('RichTextEditor', () => {
  it(
    'when Quill has loaded, then the editable area, the heading picker and the link box all have names',
    async () => {
      const { container } = renderEditor('');
      const editor = await findEditor();
      expect(editor).toHaveAttribute('contenteditable', 'true');
      expect(editor).toHaveAttribute('aria-multiline', 'true');
      expect(container.querySelector('.ql-toolbar.ql-snow')).not.toBeNull();
      expect(screen.getByRole('button', { name: 'Heading' })).toHaveClass('ql-picker-label');
      const levels = Array.from(container.querySelectorAll('.ql-header .ql-picker-item'));
      expect(levels.map((item) => item.getAttribute('aria-label'))).toEqual([
        'Heading 1',
        'Heading 2',
        'Heading 3',
        'Normal',
      ]);
      expect(container.querySelector('.ql-tooltip input')).toHaveAttribute(
        'aria-label',
        'Link URL',
      );
    },
    // The first test waits for Quill's chunk to be imported.
    30_000,
  );

  it('when the value is HTML, then the editor shows it formatted, and an empty value clears it', async () => {
    const { rerender } = renderEditor('<p><strong>Tipos</strong> na prática</p>');
    const editor = await findEditor();
    await waitFor(() => expect(editor.querySelector('strong')).toHaveTextContent('Tipos'));
    expect(editor).toHaveTextContent('Tipos na prática');

    rerender(
      <>
        <span id="descricao">Course Description</span>
        <RichTextEditor value="" onChange={vi.fn()} labelledBy="descricao" />
      </>,
    );
    await waitFor(() => expect(editor).toHaveTextContent(''));
    expect(editor.querySelector('strong')).toBeNull();
  });

  it('when the text changes in Quill, then onChange receives the HTML', async () => {
    const onChange = vi.fn();
    const { container } = renderEditor('', onChange);
    await findEditor();
    const quill = Quill.find(container.querySelector('.ql-container') as HTMLElement);
    if (!(quill instanceof Quill)) throw new Error('no Quill instance');
    quill.insertText(0, 'Olá', 'user');
    quill.formatText(0, 3, 'bold', 'user');
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toBe('<p><strong>Olá</strong></p>'));
  });
});
