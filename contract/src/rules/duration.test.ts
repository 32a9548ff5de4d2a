import fc from 'fast-check';
import humanizeDuration from 'humanize-duration';
import { describe, expect, it } from 'vitest';
import { chapterMinutes, countLectures, courseTotalMinutes, formatMinutes } from './duration';

const lecture = (lectureDuration: number) => ({ lectureDuration });

describe('formatMinutes', () => {
  it('when a duration spans hours, then hours and minutes in Portuguese', () => {
    expect(formatMinutes(90)).toBe('1 hora, 30 minutos');
    expect(formatMinutes(125)).toBe('2 horas, 5 minutos');
    expect(formatMinutes(60)).toBe('1 hora');
  });

  it('when under an hour, then only minutes, singular for one', () => {
    expect(formatMinutes(45)).toBe('45 minutos');
    expect(formatMinutes(1)).toBe('1 minuto');
  });

  it('when zero or fractional, then whole minutes', () => {
    expect(formatMinutes(0)).toBe('0 minutos');
    expect(formatMinutes(12.6)).toBe('13 minutos');
    expect(formatMinutes(59.5)).toBe('1 hora');
    expect(formatMinutes(119.6)).toBe('2 horas');
  });

  it('when any duration a course can have is written, then it reads as humanize-duration wrote it before', () => {
    const before = (minutes: number) =>
      humanizeDuration(minutes * 60_000, { language: 'pt', units: ['h', 'm'], round: true });
    for (let minutes = 0; minutes <= 3 * 24 * 60; minutes++)
      expect(formatMinutes(minutes)).toBe(before(minutes));
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10_000, noNaN: true }), (minutes) => {
        expect(formatMinutes(minutes)).toBe(before(minutes));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('chapterMinutes and courseTotalMinutes', () => {
  const content = [
    { chapterContent: [lecture(10), lecture(15.5)] },
    { chapterContent: [] },
    { chapterContent: [lecture(30)] },
  ];

  it('when a chapter has lectures, then their durations add up', () => {
    expect(chapterMinutes(content[0]!)).toBe(25.5);
    expect(chapterMinutes(content[1]!)).toBe(0);
  });

  it('when a course has chapters, then every lecture counts once', () => {
    expect(courseTotalMinutes(content)).toBe(55.5);
    expect(courseTotalMinutes([])).toBe(0);
  });
});

describe('countLectures', () => {
  it('when chapters hold lectures, then all of them are counted', () => {
    expect(
      countLectures([{ chapterContent: [1, 2] }, { chapterContent: [] }, { chapterContent: [3] }]),
    ).toBe(3);
    expect(countLectures([])).toBe(0);
  });
});
