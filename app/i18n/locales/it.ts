// One module per language, loaded on demand: its catalog and its date-fns locale travel together.
export { default as catalog } from './it.json';
export { it as dateLocale } from 'date-fns/locale/it';
