import 'reflect-metadata';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { JsonString } from './json-string';
import { InputValidationException, createValidationPipe } from './validation';

class Lesson {
  @IsString() title!: string;
  @IsOptional() @IsInt() minutes?: number;
}

class LessonBody {
  @JsonString(Lesson) lesson!: Lesson;
}

async function parse(body: unknown): Promise<LessonBody> {
  return (await createValidationPipe().transform(body, { type: 'body', metatype: LessonBody })) as LessonBody;
}

async function fieldErrors(body: unknown): Promise<{ field: string; reason: string }[]> {
  try {
    await parse(body);
  } catch (error) {
    if (error instanceof InputValidationException) return error.fieldErrors;
    throw error;
  }
  throw new Error('the body was accepted');
}

describe('@JsonString', () => {
  it('parses the string once into the typed document', async () => {
    const body = await parse({ lesson: JSON.stringify({ title: 'Ladders', minutes: 5 }) });
    expect(body.lesson).toBeInstanceOf(Lesson);
    expect(body.lesson).toEqual({ title: 'Ladders', minutes: 5 });
  });

  it.each([
    ['missing', {}],
    ['broken JSON', { lesson: '{title' }],
    ['a JSON list', { lesson: '[1]' }],
    ['an object instead of a string', { lesson: { title: 'Ladders' } }],
  ])('answers 400 naming the field when it is %s', async (_case, body) => {
    expect(await fieldErrors(body)).toEqual([{ field: 'lesson', reason: 'lesson must be a JSON object sent as a string' }]);
  });

  it('validates the document like a nested DTO, naming the inner field, unknown fields included', async () => {
    expect(await fieldErrors({ lesson: JSON.stringify({ title: 'Ladders', minutes: 'five' }) })).toEqual([
      { field: 'lesson.minutes', reason: 'minutes must be an integer number' },
    ]);
    expect(await fieldErrors({ lesson: JSON.stringify({ title: 'Ladders', author: 'x' }) })).toEqual([
      { field: 'lesson.author', reason: 'property author should not exist' },
    ]);
  });
});
