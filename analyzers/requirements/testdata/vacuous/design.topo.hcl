# Two fabrics: the backend has 4 spines, the storage fabric one leaf and
# no spine. A spine requirement on storage holds by default (warning); on
# the backend it is a real one (3 of 4 spines: 75%).
fabric "be" {
  clos {
    hosts     = 32
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 16
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["rack"]
      down  = 16
      up    = 16
    }
    tier "spine" {
      model = "QM9700"
      count = 4
    }
  }
}
fabric "st" {
  clos {
    hosts     = 16
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 1
    }
  }
}
requirement "st_spine" {
  condition     = fabric.st.whatif.spine.bisection.ratio >= 0.99 # want "requirement-vacuous"
  error_message = "x"
}
requirement "be_spine" {
  condition     = fabric.be.whatif.spine.bisection.ratio >= 0.7
  error_message = "The backend keeps 70% after a spine loss."
}
