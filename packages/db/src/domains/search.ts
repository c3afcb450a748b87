/** People search. */
export * from '../repositories/search.repository';
