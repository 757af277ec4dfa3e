// One module per language, loaded on demand: its catalog and its date-fns locale travel together.
export { default as catalog } from './es.json';
export { es as dateLocale } from 'date-fns/locale/es';
