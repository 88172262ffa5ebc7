package ports

import (
	"bytes"
	"slices"
	"sync"
)

// docCache remembers the last registry bytes a Registry parsed or wrote,
// with their validated document. Validating 1,000 reservations costs
// milliseconds of JSON decoding, while reading the file and comparing it
// byte for byte costs microseconds; identical bytes always parse to the
// same document, so a hit is exact, never a guess based on mtimes.
type docCache struct {
	mu   sync.Mutex
	data []byte
	doc  []entry
}

// decode returns the document for data, parsing only when data differs
// from the cached bytes. The caller owns the result and may modify it.
// data must not be modified afterwards.
func (c *docCache) decode(path string, data []byte) (*document, error) {
	c.mu.Lock()
	if c.data != nil && bytes.Equal(c.data, data) {
		doc := &document{Version: schemaVersion, Reservations: slices.Clone(c.doc)}
		c.mu.Unlock()
		return doc, nil
	}
	c.mu.Unlock()
	doc, err := decode(path, data)
	if err != nil {
		return nil, err
	}
	c.store(data, doc)
	return doc, nil
}

// store records data as the bytes of doc.
func (c *docCache) store(data []byte, doc *document) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.data, c.doc = data, sortedByStart(doc.Reservations)
}
