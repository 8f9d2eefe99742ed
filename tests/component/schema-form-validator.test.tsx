import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import { Ajv } from 'ajv';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultTexts, type FormDefinition, type JsonSchema } from '#metadata';
import { storableDate, storableDateTime } from '#platform/core';
import { SchemaForm } from '../../platform/ui/schema-form';
import { SchemaValidator } from '../../platform/ui/schema-form/validator/schema-validator';
import { createTestI18n, renderWithProviders } from '../support/render';

type Row = Record<string, unknown>;

const schema = {
  type: 'object',
  required: ['Code', 'Address'],
  properties: {
    Code: { type: 'string', title: 'Code', maxLength: 5, pattern: '^[A-Z]+$' },
    Email: { type: 'string', title: 'E-mail', format: 'email' },
    Start: { type: 'string', title: 'Start', format: 'date' },
    Quantity: { type: 'integer', title: 'Quantity', minimum: 1 },
    Colour: { type: 'string', title: 'Colour', enum: ['red', 'green'] },
    Address: {
      type: 'object',
      title: 'Address',
      required: ['Street'],
      properties: { Street: { type: 'string', title: 'Street' } },
    },
    Contacts: {
      type: 'array',
      title: 'Contacts',
      items: {
        type: 'object',
        required: ['Email'],
        properties: { Email: { type: 'string', title: 'E-mail' } },
      },
    },
  },
} as const satisfies JsonSchema;

const uiSchema: FormDefinition = {
  'ui:order': ['Code', 'Email', 'Start', 'Quantity', 'Colour', 'Address', 'Contacts'],
  Code: { 'ui:options': { patternMessage: 'TEST.CODE_PATTERN' } },
  Start: { 'ui:widget': 'text' },
};

const texts = { ...defaultTexts, 'TEST.CODE_PATTERN': 'may hold only capitals' };

function renderForm(formData: Row, formSchema: JsonSchema = schema, ui = uiSchema) {
  const onSubmit = vi.fn();
  renderWithProviders(
    <SchemaForm<Row>
      schema={formSchema}
      uiSchema={ui}
      formData={formData}
      mode="edit"
      onSubmit={onSubmit}
    />,
    { i18n: createTestI18n(texts) },
  );
  return { onSubmit, user: userEvent.setup() };
}

/** A fresh validator (nothing cached), taking the app's plain JSON schemas. */
function createValidator() {
  const validator = new SchemaValidator();
  return {
    validate: (data: unknown, formSchema: JsonSchema) =>
      validator.validateFormData(data, formSchema as RJSFSchema),
    isValid: (part: JsonSchema, data: unknown, root: JsonSchema) =>
      validator.isValid(part as RJSFSchema, data, root as RJSFSchema),
  };
}

const errorLines = () =>
  within(screen.getByRole('alert', { name: 'Please correct these errors:' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('messages in the error area', () => {
  it('shows each failed rule on its field, a missing nested field included', async () => {
    const { user, onSubmit } = renderForm({
      Code: 'abcdefg',
      // Refused as the server's ajv-formats refuses it (cfworker's own check would take it).
      Email: 'a@localhost',
      Start: '2023-02-30',
      Quantity: 0,
      Colour: 'blue',
      Address: {},
      Contacts: [{}],
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // One message per field, naming it: the first rule it breaks.
    expect(errorLines()).toEqual([
      'Use at most 5 characters in the code.',
      'Enter the e-mail as an address like name@example.com.',
      'Enter the start as a date.',
      'Enter 1 or more for the quantity.',
      'Choose the colour from the list.',
      'Address: Enter the street.',
      'Contacts 1: Enter the e-mail.',
    ]);
    expect(screen.getByRole('textbox', { name: 'Street' })).toHaveAccessibleDescription(
      'Enter the street.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits data that satisfies every rule', async () => {
    const { user, onSubmit } = renderForm({
      Code: 'AB',
      Email: 'a@example.com',
      Start: '2024-02-29',
      Quantity: 3,
      Colour: 'red',
      Address: { Street: 'High Street' },
      Contacts: [{ Email: 'b@example.com' }],
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('error shapes', () => {
  it('match what @rjsf/validator-ajv8 gives: keyword, dotted property, ajv params and messages', () => {
    const { errors, errorSchema } = createValidator().validate(
      {
        Code: 'abcdefg',
        Email: 'nope',
        Quantity: 0.5,
        Colour: 'blue',
        Address: {},
        Contacts: [{}],
      },
      schema,
    );
    const shape = ({ name, property, params, message, schemaPath }: (typeof errors)[number]) => ({
      name,
      property,
      params,
      message,
      schemaPath,
    });
    expect(errors.map(shape)).toEqual([
      {
        name: 'maxLength',
        property: '.Code',
        params: { limit: 5 },
        message: 'must NOT have more than 5 characters',
        schemaPath: '#/properties/Code/maxLength',
      },
      {
        name: 'pattern',
        property: '.Code',
        params: { pattern: '^[A-Z]+$' },
        message: 'must match pattern "^[A-Z]+$"',
        schemaPath: '#/properties/Code/pattern',
      },
      {
        name: 'format',
        property: '.Email',
        params: { format: 'email' },
        message: 'must match format "email"',
        schemaPath: '#/properties/Email/format',
      },
      {
        name: 'type',
        property: '.Quantity',
        params: { type: 'integer' },
        message: 'must be integer',
        schemaPath: '#/properties/Quantity/type',
      },
      {
        name: 'minimum',
        property: '.Quantity',
        params: { comparison: '>=', limit: 1 },
        message: 'must be >= 1',
        schemaPath: '#/properties/Quantity/minimum',
      },
      {
        name: 'enum',
        property: '.Colour',
        params: { allowedValues: ['red', 'green'] },
        message: 'must be equal to one of the allowed values',
        schemaPath: '#/properties/Colour/enum',
      },
      {
        name: 'required',
        property: '.Address.Street',
        params: { missingProperty: 'Street' },
        message: "must have required property 'Street'",
        schemaPath: '#/properties/Address/required',
      },
      {
        name: 'required',
        property: '.Contacts.0.Email',
        params: { missingProperty: 'Email' },
        message: "must have required property 'E-mail'",
        schemaPath: '#/properties/Contacts/items/required',
      },
    ]);
    expect(errors[0]?.stack).toBe("'Code' must NOT have more than 5 characters");
    expect(errorSchema).toMatchObject({
      Code: { __errors: ['must NOT have more than 5 characters', 'must match pattern "^[A-Z]+$"'] },
      Address: { Street: { __errors: ["must have required property 'Street'"] } },
      Contacts: { 0: { Email: { __errors: ["must have required property 'E-mail'"] } } },
    });
  });

  it('puts a missing top-level property on its field, counting undefined as missing', () => {
    const { errors } = createValidator().validate({ Code: undefined }, schema);
    expect(errors.map(({ name, property, params }) => ({ name, property, params }))).toEqual([
      { name: 'required', property: 'Code', params: { missingProperty: 'Code' } },
      { name: 'required', property: 'Address', params: { missingProperty: 'Address' } },
    ]);
  });

  it('reports a schema it cannot use on $schema', () => {
    const validator = createValidator();
    const broken = { type: 'object', properties: { A: { $ref: '#/definitions/Missing' } } };
    const { errors, errorSchema } = validator.validate({ A: 1 }, broken);
    expect(errors).toEqual([{ stack: expect.stringMatching(/^Unresolved \$ref/) }]);
    expect(errorSchema).toEqual({ $schema: { __errors: [errors[0]?.stack] } });
  });
});

describe('patterns', () => {
  const codes = (pattern: string, more: object = {}) => ({
    type: 'object',
    properties: { Code: { type: 'string', title: 'Code', pattern, ...more } },
  });
  const failures = (data: unknown, formSchema: JsonSchema) =>
    createValidator()
      .validate(data, formSchema)
      .errors.map(({ name, params, schemaPath }) => ({ name, params, schemaPath }));

  it('are run by RE2, as on the server: in linear time, with its meaning of \\s', () => {
    // JavaScript's engine would not answer this in the lifetime of the test.
    expect(failures({ Code: `${'a'.repeat(10_000)}b` }, codes('^(a|a)*$'))).toEqual([
      {
        name: 'pattern',
        params: { pattern: '^(a|a)*$' },
        schemaPath: '#/properties/Code/pattern',
      },
    ]);
    expect(failures({ Code: 'a'.repeat(10_000) }, codes('^(a|a)*$'))).toEqual([]);
    // RE2's \s is ASCII white space; JavaScript's takes in a no-break space too.
    expect(new RegExp('^\\S+$', 'u').test('a\u00a0b')).toBe(false);
    expect(failures({ Code: 'a\u00a0b' }, codes('^\\S+$'))).toEqual([]);
  });

  it("leave the engine's own column rules (a lookahead) to JavaScript, as the server does", () => {
    // A user table's date column: the form must take a good date, refuse year 0000.
    const dates = codes(storableDate, { format: 'date' });
    expect(failures({ Code: '2026-11-28' }, dates)).toEqual([]);
    expect(failures({ Code: '0000-01-01' }, dates).map((error) => error.name)).toContain('pattern');
    const times = codes(storableDateTime, { format: 'date-time' });
    expect(failures({ Code: '2026-11-28T10:00:00Z' }, times)).toEqual([]);
  });

  it('keep their own errors beside a format on the same field', () => {
    const both = codes('^x', { format: 'email' });
    expect(failures({ Code: 'x@example.com' }, both)).toEqual([]);
    expect(failures({ Code: 'nope' }, both).map((error) => error.name)).toEqual([
      'pattern',
      'format',
    ]);
    expect(failures({ Code: 'y@example.com' }, both)).toEqual([
      { name: 'pattern', params: { pattern: '^x' }, schemaPath: '#/properties/Code/pattern' },
    ]);
    expect(failures({ Code: 'xyz' }, both)).toEqual([
      { name: 'format', params: { format: 'email' }, schemaPath: '#/properties/Code/format' },
    ]);
  });

  it('count in choosing a oneOf option, and one RE2 cannot run is a schema fault', () => {
    const validator = createValidator();
    const root = { oneOf: [{ type: 'string', pattern: '^(a|a)*$' }, { type: 'number' }] };
    expect(validator.isValid(root.oneOf[0]!, 'a'.repeat(10_000), root)).toBe(true);
    expect(validator.isValid(root.oneOf[0]!, `${'a'.repeat(10_000)}b`, root)).toBe(false);
    const { errors } = validator.validate({ Code: 'aa' }, codes('^(a)\\1$'));
    expect(errors).toEqual([
      {
        stack: 'The pattern "^(a)\\\\1$" uses a backreference (\\1), which patterns may not use.',
      },
    ]);
  });
});

const vehicles = {
  type: 'object',
  definitions: {
    Truck: {
      type: 'object',
      title: 'Truck',
      required: ['Axles'],
      properties: { Axles: { type: 'integer', title: 'Axles', minimum: 2 } },
    },
    Van: {
      type: 'object',
      title: 'Van',
      required: ['Seats'],
      properties: { Seats: { type: 'integer', title: 'Seats', maximum: 9 } },
    },
  },
  properties: {
    Vehicle: {
      title: 'Vehicle',
      oneOf: [{ $ref: '#/definitions/Truck' }, { $ref: '#/definitions/Van' }],
    },
  },
} as const;

describe('isValid', () => {
  it('resolves the $refs of a oneOf option in the root schema', () => {
    const validator = createValidator();
    const [truck, van] = vehicles.properties.Vehicle.oneOf;
    expect(validator.isValid(van, { Seats: 3 }, vehicles)).toBe(true);
    expect(validator.isValid(van, { Seats: 12 }, vehicles)).toBe(false);
    expect(validator.isValid(truck, { Seats: 3 }, vehicles)).toBe(false);
    expect(validator.isValid({ type: ['string', 'null'] }, undefined, vehicles)).toBe(false);
    expect(validator.isValid({}, undefined, vehicles)).toBe(true);
  });

  it('lets the form pick the option the data matches, and validates it', async () => {
    const { user } = renderForm({ Vehicle: { Seats: 3 } }, vehicles, {});
    expect(screen.getByRole('combobox', { name: 'Vehicle' })).toHaveValue('Van');
    const seats = screen.getByRole('textbox', { name: 'Seats' });
    expect(seats).toHaveValue('3');
    expect(screen.queryByRole('textbox', { name: 'Axles' })).not.toBeInTheDocument();

    await user.type(seats, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorLines()).toContain('Vehicle: Enter 9 or less for the seats.');
  });
});

describe('under a Content-Security-Policy without unsafe-eval', () => {
  const realFunction = globalThis.Function;
  const realEval = globalThis.eval;
  afterEach(() => {
    globalThis.Function = realFunction;
    globalThis.eval = realEval;
  });

  it('validates without generating code', () => {
    function refuse(): never {
      throw new EvalError('Evaluating a string as JavaScript is not allowed');
    }
    globalThis.Function = refuse as unknown as FunctionConstructor;
    globalThis.eval = refuse;

    // The stubs do stop a validator that compiles schemas to code.
    expect(() => new Ajv({ logger: false }).compile({ type: 'string' })).toThrow(EvalError);

    const validator = createValidator();
    const { errors } = validator.validate({ Code: 'abc', Address: {} }, schema);
    expect(errors.map((error) => `${error.property} ${error.name}`)).toEqual([
      '.Code pattern',
      '.Address.Street required',
    ]);
    expect(validator.isValid(vehicles.properties.Vehicle, { Seats: 3 }, vehicles)).toBe(true);
    expect(validator.isValid(vehicles.properties.Vehicle, { Seats: 30 }, vehicles)).toBe(false);
  });
});
