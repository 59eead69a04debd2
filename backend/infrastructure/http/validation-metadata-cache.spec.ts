import { IsInt, IsString, MetadataStorage, Min, validate } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { memoizeValidationMetadata } from './validation-metadata-cache';

class Named {
  @IsString()
  name!: unknown;
}

class Counted extends Named {
  @IsInt()
  @Min(1)
  count!: unknown;
}

const failing = async (object: object) => (await validate(object)).map((e) => `${e.property}:${Object.keys(e.constraints ?? {}).join(',')}`);

describe('memoized validation metadata', () => {
  beforeAll(() => memoizeValidationMetadata());

  it('finds the same rules, inherited ones included, call after call', async () => {
    const bad = Object.assign(new Counted(), { name: 3, count: 0 });
    expect(await failing(bad)).toEqual(['count:min', 'name:isString']);
    expect(await failing(bad)).toEqual(['count:min', 'name:isString']);
    expect(await failing(Object.assign(new Counted(), { name: 'a', count: 2 }))).toEqual([]);
    expect(await failing(Object.assign(new Named(), { name: 1 }))).toEqual(['name:isString']);
  });

  it('sees a rule registered after a class was validated', async () => {
    expect(await failing(Object.assign(new Named(), { name: 'a' }))).toEqual([]);
    class Later extends Named {
      @IsInt()
      size!: unknown;
    }
    expect(await failing(Object.assign(new Later(), { name: 'a', size: 'x' }))).toEqual(['size:isInt']);
  });

  it('looks a class up once until a rule is added, and hands each caller its own array', () => {
    const storage = new MetadataStorage();
    const lookup = jest.spyOn(MetadataStorage.prototype, 'getTargetValidationMetadatas');
    memoizeValidationMetadata(storage);
    memoizeValidationMetadata(storage);
    class Target {}
    const rule = (propertyName: string) => ({ target: Target, propertyName, type: 'isDefined', constraints: [] }) as unknown as ValidationMetadata;
    storage.addValidationMetadata(rule('a'));
    const first = storage.getTargetValidationMetadatas(Target, '', false, false);
    first.pop();
    expect(storage.getTargetValidationMetadatas(Target, '', false, false).map((m) => m.propertyName)).toEqual(['a']);
    expect(lookup).toHaveBeenCalledTimes(1);
    storage.addValidationMetadata(rule('b'));
    expect(storage.getTargetValidationMetadatas(Target, '', false, false).map((m) => m.propertyName)).toEqual(['a', 'b']);
    expect(lookup).toHaveBeenCalledTimes(2);
    lookup.mockRestore();
  });
});
