package host

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"

	"amux.dev/amux/workspace/remote/proto"
)

// handler serves one operation: it decodes the request's arguments into
// the engine method's own types and returns what the reply carries.
type handler func(ctx context.Context, c *conn, m proto.Message) (any, error)

// arg decodes argument i of m. A missing or malformed one is the
// client's error, answered as such.
func arg[T any](m proto.Message, i int) (T, error) {
	var v T
	if i >= len(m.Args) {
		return v, fmt.Errorf("%s: argument %d missing", m.Op, i)
	}
	if err := json.Unmarshal(m.Args[i], &v); err != nil {
		return v, fmt.Errorf("%s: argument %d: %w", m.Op, i, err)
	}
	return v, nil
}

// The adapters below turn an engine method of each shape into a handler,
// so the table in ops.go is one line an operation: rN for a method of N
// arguments that returns a value, eN for one that returns only an error
// (its reply carries nothing). Arguments are decoded in order; the first
// that fails is the error.

func r0[R any](f func(context.Context) (R, error)) handler {
	return func(ctx context.Context, _ *conn, _ proto.Message) (any, error) { return f(ctx) }
}

func r1[A, R any](f func(context.Context, A) (R, error)) handler {
	return func(ctx context.Context, _ *conn, m proto.Message) (any, error) {
		a, err := arg[A](m, 0)
		if err != nil {
			return nil, err
		}
		return f(ctx, a)
	}
}

func r2[A, B, R any](f func(context.Context, A, B) (R, error)) handler {
	return func(ctx context.Context, _ *conn, m proto.Message) (any, error) {
		a, errA := arg[A](m, 0)
		b, errB := arg[B](m, 1)
		if err := cmp.Or(errA, errB); err != nil {
			return nil, err
		}
		return f(ctx, a, b)
	}
}

func r3[A, B, C, R any](f func(context.Context, A, B, C) (R, error)) handler {
	return func(ctx context.Context, _ *conn, m proto.Message) (any, error) {
		a, errA := arg[A](m, 0)
		b, errB := arg[B](m, 1)
		c, errC := arg[C](m, 2)
		if err := cmp.Or(errA, errB, errC); err != nil {
			return nil, err
		}
		return f(ctx, a, b, c)
	}
}

func e1[A any](f func(context.Context, A) error) handler {
	return r1(func(ctx context.Context, a A) (any, error) { return nil, f(ctx, a) })
}

func e2[A, B any](f func(context.Context, A, B) error) handler {
	return r2(func(ctx context.Context, a A, b B) (any, error) { return nil, f(ctx, a, b) })
}

func e3[A, B, C any](f func(context.Context, A, B, C) error) handler {
	return r3(func(ctx context.Context, a A, b B, c C) (any, error) { return nil, f(ctx, a, b, c) })
}
