# Issue 19: a nested for in a validation condition ran 42 s.
variable "n" {
  type    = number
  default = 3
  validation {
    condition     = length([for i in range(1024) : [for j in range(1024) : [for k in range(1024) : k]]]) > 0
    error_message = "never"
  }
}
