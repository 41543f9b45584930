import { PAGE_SIZES } from './page'
import { describe, expect, it } from 'vitest'
import { listWindowOf, parseListParams, splitSort, writeListParams } from './list-params'

const options = { defaultPageSize: 100, sorts: ['name', 'created_at'], defaultSort: null }

describe('list params in the URL', () => {
  it('reads page, size and sort, falling back on anything invalid', () => {
    expect(parseListParams(new URLSearchParams('page=3&page_size=50&sort=-name'), options)).toEqual({
      page: 3,
      pageSize: 50,
      sort: '-name',
    })
    expect(parseListParams(new URLSearchParams('page=-1&page_size=7&sort=password'), options)).toEqual({
      page: 1,
      pageSize: 100,
      sort: null,
    })
  })

  it('writes only what differs from the defaults and keeps other params', () => {
    const out = writeListParams(new URLSearchParams('q=x&page=4'), { page: 1, pageSize: 50, sort: 'name' }, options)
    expect(out.toString()).toBe('q=x&page_size=50&sort=name')
  })

  it('splits a sort into field and direction', () => {
    expect(splitSort('-created_at')).toEqual({ field: 'created_at', descending: true })
    expect(splitSort(null)).toEqual({ field: null, descending: false })
  })
})

describe('listWindowOf', () => {
  it('is the window the list page asks for: defaults, page size within the allowed ones', () => {
    expect(listWindowOf(new URLSearchParams(''))).toEqual({ limit: 100, offset: 0 })
    expect(listWindowOf(new URLSearchParams('page=3'), { defaultPageSize: 25 })).toEqual({ limit: 25, offset: 50 })
    expect(listWindowOf(new URLSearchParams('page=2&page_size=50'))).toEqual({ limit: 50, offset: 50 })
    expect(listWindowOf(new URLSearchParams('page=2&page_size=7'))).toEqual({ limit: 100, offset: 100 })
  })
})

describe('page sizes', () => {
  it('are one set everywhere: 25, 50 and 100; anything else in the URL falls back to the list default', () => {
    expect(PAGE_SIZES).toEqual([25, 50, 100])
    for (const size of [25, 50, 100])
      expect(listWindowOf(new URLSearchParams(`page_size=${size}`), { defaultPageSize: 25 }).limit).toBe(size)
    expect(listWindowOf(new URLSearchParams('page_size=250'), { defaultPageSize: 25 }).limit).toBe(25)
  })
})
