import { describe, expect, it } from 'vitest';
import {
  NO_LECTURES_PROBLEM,
  playableYoutubeId,
  publishingProblems,
  publishRefusal,
} from './publishing';

const ID = 'dQw4w9WgXcQ';
const good = {
  lectureTitle: 'Boas-vindas',
  lectureUrl: `https://youtu.be/${ID}`,
  lectureDuration: 5,
};

describe('playableYoutubeId', () => {
  it('when the link is a YouTube watch, short, embed, shorts or live link, then its 11-character id', () => {
    expect(playableYoutubeId(`https://www.youtube.com/watch?v=${ID}&t=42`)).toBe(ID);
    expect(playableYoutubeId(`https://youtu.be/${ID}?si=x`)).toBe(ID);
    expect(playableYoutubeId(`https://www.youtube.com/embed/${ID}`)).toBe(ID);
    expect(playableYoutubeId(`https://youtube.com/shorts/${ID}`)).toBe(ID);
    expect(playableYoutubeId(`https://m.youtube.com/live/${ID}`)).toBe(ID);
    expect(playableYoutubeId(`  https://www.youtube-nocookie.com/embed/${ID}  `)).toBe(ID);
  });

  it('when the link is elsewhere, malformed or its id is not 11 id characters, then null', () => {
    expect(playableYoutubeId(`https://vimeo.com/${ID}`)).toBeNull();
    expect(playableYoutubeId(`https://youtube.com.evil.test/watch?v=${ID}`)).toBeNull();
    expect(playableYoutubeId('https://youtu.be/abc123')).toBeNull();
    expect(playableYoutubeId('https://www.youtube.com/watch?v=dQw4w9WgXc!')).toBeNull();
    expect(playableYoutubeId('https://www.youtube.com/channel/UCabcdefghij')).toBeNull();
    expect(playableYoutubeId(`javascript://youtu.be/${ID}`)).toBeNull();
    expect(playableYoutubeId('não é um url')).toBeNull();
    expect(playableYoutubeId('')).toBeNull();
  });
});

describe('publishingProblems', () => {
  it('when every lecture has a title, a YouTube video and a duration, then nothing to mend', () => {
    expect(
      publishingProblems([{ chapterContent: [good, good] }, { chapterContent: [good] }]),
    ).toEqual([]);
  });

  it('when the course has no lecture at all, then it says so, even with empty chapters', () => {
    expect(publishingProblems([])).toEqual([NO_LECTURES_PROBLEM]);
    expect(publishingProblems([{ chapterContent: [] }])).toEqual([NO_LECTURES_PROBLEM]);
  });

  it('when lectures lack a title, a video, a playable id or a duration, then each problem is named by lecture number', () => {
    const problems = publishingProblems([
      { chapterContent: [good, { lectureTitle: '  ', lectureUrl: '', lectureDuration: 0 }] },
      {
        chapterContent: [
          { lectureTitle: 'Vimeo', lectureUrl: 'https://vimeo.com/1', lectureDuration: 3 },
          { lectureTitle: 'Negativa', lectureUrl: good.lectureUrl, lectureDuration: Number.NaN },
        ],
      },
    ]);

    expect(problems).toEqual([
      'Aula 1.2: falta o título',
      'Aula 1.2: falta o URL do vídeo do YouTube',
      'Aula 1.2: a duração deve ser maior que 0',
      'Aula 2.1: o URL não é de um vídeo do YouTube válido',
      'Aula 2.2: a duração deve ser maior que 0',
    ]);
  });

  it('when refused, then the message lists every problem in one sentence', () => {
    expect(publishRefusal(['Aula 1.1: falta o título', 'Aula 1.2: falta o título'])).toBe(
      'O curso não pode ser publicado: Aula 1.1: falta o título; Aula 1.2: falta o título.',
    );
  });
});
