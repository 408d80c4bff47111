# A dragonfly with every terminal in one AllToAll (issue 11, item 7): the
# UGAL benchmark's design. The defaults are the case that did not finish
# (p=16 a=16 h=8 g=33, 8,448 terminals, four global links between every
# pair of groups); the variables shrink it for the growth measurements.
variable "p" {
  type    = number
  default = 16
}
variable "a" {
  type    = number
  default = 16
}
variable "h" {
  type    = number
  default = 8
}
variable "g" {
  type    = number
  default = 33
}
variable "path" {
  type    = string
  default = "ugal"
}
variable "routing" {
  type    = string
  default = "ecmp"
}

fabric "df" {
  dragonfly {
    p           = var.p
    a           = var.a
    h           = var.h
    g           = var.g
    local_rate  = "200Gb/s"
    global_rate = "200Gb/s"
  }
}

workload "alltoall" {
  gpus = fabric.df.endpoints

  collective "alltoall" {
    op      = "alltoall"
    size    = "1GB"
    path    = var.path
    routing = var.routing
  }
}
