import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LECTURE_DURATION_MAX_MINUTES } from '@aprendiz/contract/rules/duration';
import { ChapterBuilder } from './chapter-builder';
import type { ChapterDraft } from './course-draft';

/** Holds the chapters like the add-course page does, and lets a test read the latest ones. */
function Harness({ onSubmit = vi.fn() }: { onSubmit?: () => void }) {
  const [chapters, setChapters] = useState<ChapterDraft[]>([]);
  latestChapters = chapters;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <ChapterBuilder chapters={chapters} onChange={setChapters} />
    </form>
  );
}

let latestChapters: ChapterDraft[] = [];

/** Names a new chapter in the 'Novo capítulo' dialog that + Add Chapter opens. */
async function addChapters(user: UserEvent, ...titles: string[]) {
  for (const title of titles) {
    await user.click(screen.getByRole('button', { name: '+ Add Chapter' }));
    const dialog = screen.getByRole('dialog', { name: 'Novo capítulo' });
    await user.type(within(dialog).getByLabelText('Nome do capítulo'), title);
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar capítulo' }));
  }
}

function chapterItem(title: string): HTMLElement {
  const toggle = screen.getByRole('button', { name: new RegExp(`^\\d+ ${title}$`) });
  const item = toggle.closest('li');
  if (!item) throw new Error(`no chapter ${title}`);
  return item;
}

type LectureInput = { title?: string; duration?: string; url?: string; preview?: boolean };

async function addLectureTo(user: UserEvent, chapterTitle: string, lecture: LectureInput) {
  await user.click(
    within(chapterItem(chapterTitle)).getByRole('button', { name: '+ Add Lecture' }),
  );
  const dialog = screen.getByRole('dialog', { name: 'Add Lecture' });
  if (lecture.title) await user.type(within(dialog).getByLabelText('Lecture Title'), lecture.title);
  if (lecture.duration) {
    await user.type(within(dialog).getByLabelText('Duration (minutes)'), lecture.duration);
  }
  if (lecture.url) await user.type(within(dialog).getByLabelText('Lecture URL'), lecture.url);
  if (lecture.preview) await user.click(within(dialog).getByLabelText('Is Preview Free?'));
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
}

afterEach(() => {
  vi.restoreAllMocks();
  latestChapters = [];
});

// Whole forms are typed key by key; on a busy machine that outlasts the default 5 s.
describe('ChapterBuilder', { timeout: 20_000 }, () => {
  it('when + Add Chapter is answered with a name in our own dialog, then the chapter is appended with no lectures and no browser prompt', async () => {
    const prompt = vi.spyOn(window, 'prompt');
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '+ Add Chapter' }));
    const dialog = screen.getByRole('dialog', { name: 'Novo capítulo' });
    expect(within(dialog).getByLabelText('Nome do capítulo')).toHaveFocus();
    await user.keyboard('  Introdução  {Enter}');
    expect(dialog).not.toBeInTheDocument();
    await addChapters(user, 'Funções');

    expect(prompt).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '1 Introdução' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2 Funções' })).toBeInTheDocument();
    expect(within(chapterItem('Introdução')).getByText('0 aulas')).toBeInTheDocument();
    expect(latestChapters.map((chapter) => chapter.chapterOrder)).toEqual([1, 2]);
  });

  it('when the name is left blank, then the dialog says so and stays; Cancelar and Esc add nothing', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '+ Add Chapter' }));
    let dialog = screen.getByRole('dialog', { name: 'Novo capítulo' });
    await user.type(within(dialog).getByLabelText('Nome do capítulo'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar capítulo' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Informe o nome do capítulo.');
    expect(within(dialog).getByLabelText('Nome do capítulo')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '+ Add Chapter' }));
    dialog = screen.getByRole('dialog', { name: 'Novo capítulo' });
    // A new opening starts empty, not with what was typed before.
    expect(within(dialog).getByLabelText('Nome do capítulo')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Nome do capítulo'), 'Esquecido');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(latestChapters).toEqual([]);
  });

  it('when Renomear is pressed, then the dialog opens with the current name and saves the new one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await addChapters(user, 'Introdução');
    await user.click(screen.getByRole('button', { name: 'Renomear capítulo Introdução' }));
    const dialog = screen.getByRole('dialog', { name: 'Renomear capítulo' });
    const field = within(dialog).getByLabelText('Nome do capítulo');
    expect(field).toHaveValue('Introdução');
    await user.clear(field);
    await user.type(field, 'Primeiros passos');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(screen.getByRole('button', { name: '1 Primeiros passos' })).toBeInTheDocument();
    expect(latestChapters.map((chapter) => chapter.chapterTitle)).toEqual(['Primeiros passos']);
  });

  it('when a chapter header is pressed, then its lectures collapse, and pressing again expands them', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await addChapters(user, 'Introdução', 'Funções');
    const toggle = screen.getByRole('button', { name: '1 Introdução' });

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(
      within(chapterItem('Introdução')).queryByRole('button', { name: '+ Add Lecture' }),
    ).not.toBeInTheDocument();
    // The other chapter toggles independently.
    expect(
      within(chapterItem('Funções')).getByRole('button', { name: '+ Add Lecture' }),
    ).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(chapterItem('Introdução')).getByRole('button', { name: '+ Add Lecture' }),
    ).toBeVisible();
  });

  it('when a chapter that has lectures is removed, then a dialog names the chapter and its lecture count, and Cancelar keeps it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await addChapters(user, 'Introdução', 'Funções');
    await addLectureTo(user, 'Introdução', { title: 'Variáveis' });
    await addLectureTo(user, 'Introdução', { title: 'Laços' });
    await addLectureTo(user, 'Introdução', { title: 'Funções puras' });
    await user.click(screen.getByRole('button', { name: 'Remover capítulo Introdução' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Remover capítulo' });
    expect(confirm).toHaveAccessibleDescription(
      'Remover o capítulo "Introdução" e as suas 3 aulas?',
    );
    // The safe answer has the focus: Enter straight away keeps the lectures.
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(latestChapters.map((chapter) => chapter.chapterTitle)).toEqual([
      'Introdução',
      'Funções',
    ]);
    expect(within(chapterItem('Introdução')).getByText('3 aulas')).toBeInTheDocument();
  });

  it('when removing a chapter with one lecture is confirmed, then the chapter and its lecture go', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await addChapters(user, 'Introdução', 'Funções');
    await addLectureTo(user, 'Funções', { title: 'Variáveis' });
    await user.click(screen.getByRole('button', { name: 'Remover capítulo Funções' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Remover capítulo' });
    expect(confirm).toHaveAccessibleDescription('Remover o capítulo "Funções" e a sua aula?');
    await user.click(within(confirm).getByRole('button', { name: 'Remover' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(latestChapters.map((chapter) => chapter.chapterTitle)).toEqual(['Introdução']);
  });

  it('when a chapter with no lectures is removed, then it goes without a question', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await addChapters(user, 'Introdução', 'Funções');
    await user.click(screen.getByRole('button', { name: 'Remover capítulo Introdução' }));
    expect(screen.queryByText(/Introdução/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 Funções' })).toBeInTheDocument();
    expect(latestChapters.map((chapter) => chapter.chapterTitle)).toEqual(['Funções']);
  });

  it('when a free-preview lecture is added, then the modal closes and the lecture shows in that chapter only', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await addChapters(user, 'Introdução', 'Funções');
    await addLectureTo(user, 'Funções', {
      title: 'Variáveis',
      duration: '12',
      url: 'https://youtu.be/abc123',
      preview: true,
    });

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const chapter = chapterItem('Funções');
    expect(within(chapter).getByText('1 aula')).toBeInTheDocument();
    const row = within(chapter)
      .getByText(/Variáveis/)
      .closest('li');
    expect(row).toHaveTextContent('1. Variáveis - 12 min - Link - Prévia grátis');
    expect(within(row as HTMLElement).getByRole('link', { name: 'Link' })).toHaveAttribute(
      'href',
      'https://youtu.be/abc123',
    );
    expect(within(chapterItem('Introdução')).getByText('0 aulas')).toBeInTheDocument();
    expect(latestChapters[1].chapterContent).toEqual([
      {
        lectureId: expect.any(String),
        lectureTitle: 'Variáveis',
        lectureDuration: 12,
        lectureUrl: 'https://youtu.be/abc123',
        isPreviewFree: true,
        lectureOrder: 1,
      },
    ]);
  });

  it('when the lecture modal opens again after an add, then its fields are empty', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await addChapters(user, 'Introdução');
    await addLectureTo(user, 'Introdução', { title: 'Variáveis', duration: '5', preview: true });
    await user.click(screen.getByRole('button', { name: '+ Add Lecture' }));

    const dialog = screen.getByRole('dialog', { name: 'Add Lecture' });
    expect(within(dialog).getByLabelText('Lecture Title')).toHaveValue('');
    expect(within(dialog).getByLabelText('Duration (minutes)')).toHaveValue(null);
    expect(within(dialog).getByLabelText('Lecture URL')).toHaveValue('');
    expect(within(dialog).getByLabelText('Is Preview Free?')).not.toBeChecked();
  });

  it('when the preview box is left unticked, or ticked and unticked, then the lecture is Paga', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await addChapters(user, 'Introdução');
    await addLectureTo(user, 'Introdução', { title: 'Paga' });
    await user.click(screen.getByRole('button', { name: '+ Add Lecture' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Lecture' });
    await user.type(within(dialog).getByLabelText('Lecture Title'), 'Também paga');
    await user.click(within(dialog).getByLabelText('Is Preview Free?'));
    await user.click(within(dialog).getByLabelText('Is Preview Free?'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(screen.getByText(/^1\. Paga/)).toHaveTextContent('- Paga');
    expect(screen.getByText(/^2\. Também paga/)).toHaveTextContent('- Paga');
    expect(latestChapters[0].chapterContent.map((lecture) => lecture.isPreviewFree)).toEqual([
      false,
      false,
    ]);
  });

  it('when a lecture is added with every field empty, then it is accepted with 0 minutes and no link', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await addChapters(user, 'Introdução');
    await addLectureTo(user, 'Introdução', {});

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(latestChapters[0].chapterContent).toMatchObject([
      { lectureTitle: '', lectureDuration: 0, lectureUrl: '', isPreviewFree: false },
    ]);
  });

  it('when a lecture lacks a title, a video or a video id, then its row says so; a complete one says nothing', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await addChapters(user, 'Introdução');
    await addLectureTo(user, 'Introdução', {});
    await addLectureTo(user, 'Introdução', { title: 'Sem id', url: 'https://youtu.be/' });
    await addLectureTo(user, 'Introdução', { title: 'Completa', url: 'https://youtu.be/abc123' });

    const rows = within(chapterItem('Introdução')).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Incompleta: sem título e sem vídeo');
    expect(rows[1]).toHaveTextContent('Incompleta: com link de vídeo inválido');
    expect(rows[2]).not.toHaveTextContent('Incompleta');
  });

  it('when the lecture URL is not a web link, then the modal stays open with the message and nothing is added', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await addChapters(user, 'Introdução');
    await addLectureTo(user, 'Introdução', { title: 'XSS', url: 'javascript:alert(1)' });

    const dialog = screen.getByRole('dialog', { name: 'Add Lecture' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'O URL da aula deve começar por http:// ou https://',
    );
    expect(latestChapters[0].chapterContent).toEqual([]);
  });

  it('when the duration is over 24 hours, then the field stops there, the modal shows the limit and nothing is added', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await addChapters(user, 'Introdução');
    await addLectureTo(user, 'Introdução', { title: 'Maratona', duration: '1441' });

    const dialog = screen.getByRole('dialog', { name: 'Add Lecture' });
    expect(within(dialog).getByLabelText('Duration (minutes)')).toHaveAttribute(
      'max',
      String(LECTURE_DURATION_MAX_MINUTES),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A duração da aula deve ser no máximo 1440 minutos (24 horas)',
    );
    expect(latestChapters[0].chapterContent).toEqual([]);
  });

  it('when a lecture is removed, then only that lecture goes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await addChapters(user, 'Introdução');
    await addLectureTo(user, 'Introdução', { title: 'Variáveis' });
    await addLectureTo(user, 'Introdução', { title: 'Laços' });
    await user.click(screen.getByRole('button', { name: 'Remover aula Variáveis' }));

    expect(screen.queryByText(/Variáveis/)).not.toBeInTheDocument();
    expect(screen.getByText(/^1\. Laços/)).toBeInTheDocument();
    expect(screen.getByText('1 aula')).toBeInTheDocument();
  });

  it('when Esc or the close icon is pressed, then the modal closes without adding a lecture', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await addChapters(user, 'Introdução');
    await user.click(screen.getByRole('button', { name: '+ Add Lecture' }));
    await user.type(screen.getByLabelText('Lecture Title'), 'Rascunho');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '+ Add Lecture' }));
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(latestChapters[0].chapterContent).toEqual([]);
  });

  it('when a lecture is added, then the add-course form around the builder is not submitted', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await addChapters(user, 'Introdução');
    await addLectureTo(user, 'Introdução', { title: 'Variáveis' });
    expect(latestChapters[0].chapterContent).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
