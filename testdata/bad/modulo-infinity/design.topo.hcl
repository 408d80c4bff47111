# Issue 19: (1/0) % 2 printed a Go goroutine dump from go-cty's modulo.
# Division by zero is refused where it happens.
locals {
  e = (1 / 0) % 2
}
