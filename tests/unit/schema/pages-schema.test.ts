import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { buildFixture } from '../../helpers/build-fixture';

describe('schema/ → dist/pages.schema.json', () => {
  it('validates the pages.json the build writes, as another tool would', async () => {
    const result = await buildFixture('basic');
    const schema = JSON.parse(result.files.get('pages.schema.json') as string);
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const manifest = JSON.parse(result.files.get('pages.json') as string);
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
  });

  it('rejects a manifest that breaks the contract', async () => {
    const result = await buildFixture('basic');
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(result.files.get('pages.schema.json') as string));
    const manifest = JSON.parse(result.files.get('pages.json') as string);
    delete manifest.pages[0].headers;
    expect(validate(manifest)).toBe(false);
    expect(validate({ ...JSON.parse(result.files.get('pages.json') as string), version: 99 })).toBe(false);
  });
});
