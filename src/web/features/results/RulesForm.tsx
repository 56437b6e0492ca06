/**
 * The grading rule of each class (docs/integrators/results.md): the least total that passes, then how grades
 * are given: by cutoff (a total at or above the talent pool's / the general grade's marks) or by quota
 * (the top N passing students get talent pool, the next M general, in the class or in each upazila).
 * The numbers' labels change with the kind so they say what they mean. Saved whole (POST
 * /api/v1/results/rules); a 422's `rules.0.general` lands under its input.
 */
import { Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CLASS_CODES } from '../../../common/constants';
import { ResultRulesBody, type ResultRuleBody } from '../../../common/schemas/results';
import { apiRequest } from '../../api/client';
import { ApiForm } from '../../components/forms/ApiForm';
import { TextField } from '../../components/forms/fields';
import { RadioGroupField } from '../../components/forms/moreFields';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { useApiForm, type FormValues } from '../../components/forms/useApiForm';
import { notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { localizeDigits } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';
import { RESULTS_KEY } from './api';

type RuleValues = Record<keyof ResultRuleBody, string>;

/** The stored rules as the form's text, one per class in CLASS_CODES order, numbers in the interface's digits. */
function ruleValues(rules: readonly ResultRuleBody[]): RuleValues[] {
  const digits = (value: number) => localizeDigits(String(value), currentLanguage());
  return CLASS_CODES.map((klass) => {
    const rule = rules.find((candidate) => candidate.class === klass);
    return {
      class: klass,
      pass_marks: rule ? digits(rule.pass_marks) : '',
      kind: rule?.kind ?? 'quota',
      scope: rule?.scope ?? 'class',
      talent_pool: rule ? digits(rule.talent_pool) : '',
      general: rule ? digits(rule.general) : '',
    };
  });
}

function RuleFields({ index, disabled }: { index: number; disabled: boolean }) {
  const { t } = useTranslation();
  const kind = useWatch({ name: `rules.${index}.kind` }) as ResultRuleBody['kind'];
  const scope = useWatch({ name: `rules.${index}.scope` }) as ResultRuleBody['scope'];
  const klass = CLASS_CODES[index]!;
  const per = kind === 'quota' && scope === 'upazila' ? 'upazila' : 'class';
  return (
    <Fieldset legend={classLabel(t, klass)} variant="filled" p={{ base: 'sm', sm: 'md' }} disabled={disabled} data-testid={`rule-${klass}`}>
      <Stack gap="md">
        <TextField
          name={`rules.${index}.pass_marks`}
          label={t('results.rules.pass_marks')}
          description={t('results.rules.passHint')}
          inputMode="decimal"
          maw={320}
        />
        <RadioGroupField
          name={`rules.${index}.kind`}
          label={t('results.rules.kind')}
          options={(['quota', 'cutoff'] as const).map((value) => ({ value, label: t(`results.rules.kinds.${value}`) }))}
        />
        {kind === 'quota' && (
          <RadioGroupField
            name={`rules.${index}.scope`}
            label={t('results.rules.scope')}
            options={(['class', 'upazila'] as const).map((value) => ({ value, label: t(`results.rules.scopes.${value}`) }))}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField
            name={`rules.${index}.talent_pool`}
            label={t(`results.rules.${kind === 'quota' ? 'quota' : 'cutoff'}.talent_pool`)}
            description={t(`results.rules.${kind === 'quota' ? 'quota' : 'cutoff'}.talentHint`, { per: t(`results.rules.per.${per}`) })}
            inputMode="decimal"
          />
          <TextField
            name={`rules.${index}.general`}
            label={t(`results.rules.${kind === 'quota' ? 'quota' : 'cutoff'}.general`)}
            description={t(`results.rules.${kind === 'quota' ? 'quota' : 'cutoff'}.generalHint`, { per: t(`results.rules.per.${per}`) })}
            inputMode="decimal"
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

export function RulesForm({ rules, published }: { rules: readonly ResultRuleBody[]; published: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useApiForm({
    schema: ResultRulesBody,
    // The rules are a list of rows, which the form's flat text type does not describe.
    defaultValues: { rules: ruleValues(rules) } as unknown as FormValues<typeof ResultRulesBody>,
    onSubmit: async (body) => {
      const { message } = await apiRequest('/v1/results/rules', { body });
      notifySuccess(message);
      await queryClient.invalidateQueries({ queryKey: RESULTS_KEY });
    },
  });
  return (
    <ApiForm state={state}>
      <Text size="sm">{t('results.rules.intro')}</Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {CLASS_CODES.map((klass, index) => (
          <RuleFields key={klass} index={index} disabled={published} />
        ))}
      </SimpleGrid>
      {!published && (
        <Group>
          <SubmitButton label={t('results.rules.save')} processingLabel={t('results.rules.saving')} miw={160} data-testid="rules-save" />
        </Group>
      )}
    </ApiForm>
  );
}
