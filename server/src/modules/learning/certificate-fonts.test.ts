import { describe, expect, it } from 'vitest';
import { runsOf, visualOrder } from './certificate-fonts';

const drawn = (text: string) => visualOrder(runsOf(text, 400)).map((run) => run.text);

describe('visualOrder', () => {
  it('when a name is all Arabic, then its words are drawn last word first, with the spaces between them', () => {
    expect(drawn('محمد عبد الله')).toEqual(['الله', ' ', 'عبد', ' ', 'محمد']);
  });

  it('when Arabic words follow Latin text and precede an emoji, then only the Arabic stretch is reversed', () => {
    expect(drawn('Curso محمد عبد 😀')).toEqual(['Curso ', 'عبد', ' ', 'محمد', ' ', '😀']);
  });

  it('when a line has no Arabic, then its runs are drawn as they are', () => {
    expect(drawn('Zoë 王 🎓')).toEqual(runsOf('Zoë 王 🎓', 400).map((run) => run.text));
  });
});
